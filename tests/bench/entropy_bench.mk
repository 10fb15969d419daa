# gmc entropy's speed: `make bench-entropy` (part of `make bench`).
# Included by the top Makefile like every tests/bench/*.mk.
.PHONY: bench-entropy
bench: bench-entropy
bench-entropy: $(BUILD)/bench/gmc-O3  ## entropy analysis speed: requests/s on a 10^6-request trace (best and median of BENCH_REPS=5)
	@bash tests/bench/bench_entropy.sh $(BUILD)/bench/gmc-O3 $(BUILD)/bench/entropy | tee $(BUILD)/bench/entropy.txt
