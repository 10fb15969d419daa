# Skipping idle cycles changes nothing: tests/equiv/mem_equiv.c compares
# gmc's event loop with stepping every cycle (docs/memory.md "Exactness").
# `make equiv` is a stage of `make test`; `make soak-mem` runs the same
# comparison longer.  Seeds are printed; EQUIV_SEED=N repeats a run.
EQUIV_SEED ?= 1
EQUIV      := $(BUILD)/tests/mem_equiv

$(EQUIV): tests/equiv/mem_equiv.c $(LIB)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) -o $@ $< $(LIB) -lm

.PHONY: equiv soak-mem
equiv: $(EQUIV)  ## skip-ahead == stepping every cycle: random traces, every scheduler, 1/2/16 channels, every write x row policy; and the repro trace; faults must be caught
	@bash tests/equiv/equiv.sh $(EQUIV) $(GMC) $(EQUIV_SEED) 24 2500

SOAK_TRACES ?= 400
soak-mem: $(EQUIV)  ## the same comparison, longer (SOAK_TRACES=$(SOAK_TRACES) traces of 20000 requests; about 10 min, one core)
	$(EQUIV) --seed $(EQUIV_SEED) --traces $(SOAK_TRACES) --requests 20000

# Random DRAM devices through gmc mem against its slow reference
# (tests/soak/mem_random_devices.py; 100 in make test's cli stage).
SOAK_DEVICES ?= 3000
.PHONY: soak-mem-devices
soak-mem-devices: $(GMC)  ## random DRAM devices (timings no preset has) through gmc mem: clean exits, --step-every-cycle gives the same bytes (SOAK_DEVICES=$(SOAK_DEVICES))
	@python3 tests/soak/mem_random_devices.py $(GMC) $(EQUIV_SEED) $(SOAK_DEVICES)
