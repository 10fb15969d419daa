# The write policies side by side on one GDDR6 channel (docs/mc-policies.md
# "Measurement"): `make bench-mc-policies` (not part of make bench; a few
# seconds).  MC_POL_N requests, half writes.
MC_POL_N ?= 1000000
.PHONY: bench-mc-policies
bench-mc-policies: $(GMC) $(BUILD)/bench/memtrace_gen  ## write policies on a 50/50 random trace, one GDDR6 channel: cycles, bandwidth, drains (MC_POL_N=$(MC_POL_N))
	@bash tests/bench/mc_policies.sh $(GMC) $(BUILD)/bench/memtrace_gen $(BUILD)/bench/mcpol $(MC_POL_N) \
	  | tee $(BUILD)/bench/mc_policies.txt
