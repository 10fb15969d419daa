# systemc/systemc.mk -- how gmc builds C++ against SystemC (Debian's
# libsystemc-dev 2.3.4 links only with -std=c++17) and libgmc.a: one place
# for the flags, for every SystemC consumer (the TLM target here; Verilated
# blocks under SystemC).  docs/systemc.md.
SC_CXX      ?= $(CXX)
SC_CXXFLAGS := -std=c++17 -Wall -Wextra -Werror -O2 -g -Imodel -Isystemc \
               $(shell pkg-config --cflags systemc 2>/dev/null)
SC_LIBS     := $(shell pkg-config --libs systemc 2>/dev/null || echo -lsystemc) -lm -lpthread
SC_BUILD    := $(BUILD)/systemc

# the TLM target, one object for every program that uses it
SC_TLM_OBJS := $(SC_BUILD)/gmc_tlm_memory.o
$(SC_BUILD)/%.o: systemc/%.cpp $(wildcard systemc/*.h) $(LIB)
	@mkdir -p $(dir $@)
	$(SC_CXX) $(SC_CXXFLAGS) -c $< -o $@
