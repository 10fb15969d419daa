// gmc_tlm_store: the data behind gmc_tlm_memory, sparse: 4 KiB pages made
// on their first write; bytes never written read as 0.
#ifndef GMC_TLM_STORE_H
#define GMC_TLM_STORE_H
#include <cstdint>
#include <cstring>
#include <memory>
#include <unordered_map>

class gmc_tlm_store {
public:
    static constexpr unsigned page_bits = 12;
    static constexpr uint64_t page_size = uint64_t(1) << page_bits;

    void read(uint64_t addr, unsigned char *dst, uint64_t n) const
    {
        while (n) {
            const uint64_t off = addr & (page_size - 1), k = n < page_size - off ? n : page_size - off;
            auto it = pages_.find(addr >> page_bits);
            if (it == pages_.end())
                std::memset(dst, 0, k);
            else
                std::memcpy(dst, it->second.get() + off, k);
            addr += k, dst += k, n -= k;
        }
    }
    void write(uint64_t addr, const unsigned char *src, uint64_t n)
    {
        while (n) {
            const uint64_t off = addr & (page_size - 1), k = n < page_size - off ? n : page_size - off;
            std::unique_ptr<unsigned char[]> &p = pages_[addr >> page_bits];
            if (!p)
                p.reset(new unsigned char[page_size]());   // zeroed
            std::memcpy(p.get() + off, src, k);
            addr += k, src += k, n -= k;
        }
    }
    size_t pages() const { return pages_.size(); }

private:
    std::unordered_map<uint64_t, std::unique_ptr<unsigned char[]>> pages_;
};

#endif
