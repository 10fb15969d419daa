# tests/stages.mk -- the stages of `make test` (tests/run_all.sh runs this
# file with -jJOBS).  Each stage is a sub-make sharing the job slots; a
# stage listed after '|' starts only when that one is done (cosim-fault
# links against the models cosim builds).
.PHONY: all
STAGES := unit equiv cli asan fast slurm vectors lint cosim cosim-fault synth formal systemc rtl-sim sc-bench
all: $(STAGES:%=stage-%)

stage-unit:
	+@bash tests/stage.sh unit counted unit embed-example cxx-headers check-boundary
stage-equiv:
	+@bash tests/stage.sh equiv counted equiv
stage-cli:
	+@bash tests/stage.sh cli counted cli-tests
stage-asan:
	+@bash tests/stage.sh asan counted asan-test opt-levels
stage-slurm:
	+@bash tests/stage.sh slurm counted slurm-test
stage-vectors:
	+@bash tests/stage.sh vectors counted vectors
stage-lint:
	+@bash tests/stage.sh lint counted lint
stage-cosim:
	+@bash tests/stage.sh cosim counted cosim
stage-cosim-fault: | stage-cosim
	+@bash tests/stage.sh cosim-fault counted cosim-fault
stage-synth:
	+@bash tests/stage.sh synth counted synth
stage-formal:
	+@bash tests/stage.sh formal counted formal
stage-systemc:
	+@bash tests/stage.sh systemc counted systemc-test
stage-fast:
	+@bash tests/stage.sh fast counted fast-test
stage-rtl-sim:
	+@bash tests/stage.sh rtl-sim counted rtl-sim-test
stage-sc-bench:
	+@bash tests/stage.sh sc-bench counted sc-bench
