# systemc/tlm.mk -- gmc's memory system as a TLM-2.0 target (docs/systemc.md):
# the tests, the example platform, the fault the timing test must catch.
# Flags and the module's object: systemc/systemc.mk.
SC_TLM_TESTS := test_tlm_timing test_tlm_data test_tlm_errors test_tlm_backpressure
SC_TLM_BINS  := $(SC_TLM_TESTS:%=$(SC_BUILD)/%) $(SC_BUILD)/example_platform
SC_RUN       := SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1

$(SC_BUILD)/test_%: systemc/tests/test_%.cpp $(SC_TLM_OBJS) $(LIB) $(wildcard systemc/*.h)
	@mkdir -p $(dir $@)
	$(SC_CXX) $(SC_CXXFLAGS) $< $(SC_TLM_OBJS) $(LIB) $(SC_LIBS) -o $@
$(SC_BUILD)/example_platform: systemc/example_platform.cpp $(SC_TLM_OBJS) $(LIB) $(wildcard systemc/*.h)
	@mkdir -p $(dir $@)
	$(SC_CXX) $(SC_CXXFLAGS) $< $(SC_TLM_OBJS) $(LIB) $(SC_LIBS) -o $@
# the fault: every request offered one cycle late (GMC_TLM_FAULT_DELAY)
$(SC_BUILD)/fault/gmc_tlm_memory.o: systemc/gmc_tlm_memory.cpp $(wildcard systemc/*.h)
	@mkdir -p $(dir $@)
	$(SC_CXX) $(SC_CXXFLAGS) -DGMC_TLM_FAULT_DELAY=1 -c $< -o $@
$(SC_BUILD)/fault/test_tlm_timing: systemc/tests/test_tlm_timing.cpp $(SC_BUILD)/fault/gmc_tlm_memory.o $(LIB)
	$(SC_CXX) $(SC_CXXFLAGS) $< $(SC_BUILD)/fault/gmc_tlm_memory.o $(LIB) $(SC_LIBS) -o $@

# The equal-timing runs: preset rq wq seed style [dram-cfg], with gmc mem's
# own GPGPU-Sim, DRAMsim3 and NVMain imports among them.
SC_TIMING_RUNS := "gddr6-rtx2060s 64 32 1 at" "gddr6-rtx2060s 4 4 2 at" "gddr6-rtx2060s 64 32 3 lt" \
  "gddr5-hynix 64 32 4 at" "gddr3 16 8 5 at" "pcm-thesis 16 8 6 at" \
  "gddr6-rtx2060s 64 32 7 at tests/data/gpgpusim/SM75_RTX2060_S/gpgpusim.config" \
  "gddr5-hynix 64 32 8 at tests/data/dramsim3/GDDR5_8Gb_x32.ini" \
  "gddr6-rtx2060s 32 16 9 lt tests/data/nvmain/pcm_isscc2012.config"

.PHONY: systemc-test systemc-fault systemc-example
systemc-test: $(SC_TLM_BINS) $(GMC) systemc-fault systemc-example  ## the TLM target's tests: equal timing to gmc mem, data, errors, back-pressure (a stage of make test)
	@mkdir -p $(SC_BUILD)/work; printf 'name = bad\ntCL = banana\n' > $(SC_BUILD)/work/bad.cfg; \
	rc=0; for r in $(SC_TIMING_RUNS); do \
	  $(SC_RUN) $(SC_BUILD)/test_tlm_timing $(GMC) $(SC_BUILD)/work $$r 2>/dev/null || rc=1; done; \
	for s in 1 2; do $(SC_RUN) $(SC_BUILD)/test_tlm_data $$s || rc=1; done; \
	$(SC_RUN) $(SC_BUILD)/test_tlm_errors $(SC_BUILD)/work/bad.cfg || rc=1; \
	$(SC_RUN) $(SC_BUILD)/test_tlm_backpressure 1 || rc=1; exit $$rc

systemc-fault: $(SC_BUILD)/fault/test_tlm_timing $(GMC)  ## the equal-timing test must fail on a 1-cycle offset injected into the target
	@mkdir -p $(SC_BUILD)/work; \
	out=$$($(SC_RUN) $< $(GMC) $(SC_BUILD)/work gddr6-rtx2060s 64 32 1 at 2>/dev/null); rc=$$?; \
	if [ $$rc != 0 ] && echo "$$out" | grep -q '^not ok'; then \
	  echo "$$out" | grep '^not ok' | head -1 | sed 's/^not ok - /  caught: /'; \
	  echo "1 passed, 0 failed (the timing test catches a 1-cycle offset)"; \
	else echo "0 passed, 1 failed (the timing test missed a 1-cycle offset)"; exit 1; fi

# docs/systemc.md's platform: the listing is systemc/example_platform.cpp,
# byte for byte, and the output the page shows is what it prints
systemc-example: $(SC_BUILD)/example_platform  ## build and run docs/systemc.md's example platform; its listing and output must match the page
	@bash systemc/doc_check.sh docs/systemc.md systemc/example_platform.cpp $<
