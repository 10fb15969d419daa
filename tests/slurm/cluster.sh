# A private one-node Slurm cluster for tests: munged, slurmctld and slurmd
# from Debian's munge and slurm-wlm, every file in one temporary directory,
# on free TCP ports, no systemd and nothing of /etc used.  Sourced, not run:
#   cluster_up DIR      starts it (SLURM_CONF exported); 0 once the node is idle
#   cluster_down        cancels its jobs, stops the daemons (by pid)
# Slurm 22.05 (Debian 12) as root: proctrack/linuxproc and task/none need no
# cgroup set-up, so no cgroup.conf.  sched_interval=1: a job array's next
# tasks start within a second of a slot freeing (the default waits
# seconds, which a test of a few short tasks would mostly spend waiting).

CLUSTER_PIDS=()

# Two free TCP ports on 127.0.0.1 (bound, read, released).
free_ports() {
  python3 -c '
import socket
s = [socket.socket() for _ in range(2)]
for x in s: x.bind(("127.0.0.1", 0))
print(*[x.getsockname()[1] for x in s])'
}

cluster_up() {
  local d=$1 me ctld_port slurmd_port i mem
  me=$(id -un)
  for b in munged slurmctld slurmd sinfo sbatch squeue scontrol scancel; do
    command -v "$b" >/dev/null || PATH=$PATH:/usr/sbin command -v "$b" >/dev/null || {
      echo "cluster: $b not found (make deps installs munge and slurm-wlm)"; return 1; }
  done
  export PATH=$PATH:/usr/sbin
  # munged wants its socket's directory searchable by all and its key private
  chmod 755 "$d"
  dd if=/dev/urandom of="$d/munge.key" bs=1024 count=1 2>/dev/null && chmod 400 "$d/munge.key"
  munged -F --socket="$d/munge.sock" --key-file="$d/munge.key" --pid-file="$d/munged.pid" \
    --log-file="$d/munged.log" --seed-file="$d/munged.seed" >"$d/munged.out" 2>&1 &
  CLUSTER_PIDS+=($!)
  read -r ctld_port slurmd_port < <(free_ports)
  mem=$(( $(sed -n 's/^MemTotal: *\([0-9]*\) kB/\1/p' /proc/meminfo) / 2048 ))
  mkdir -p "$d/state" "$d/spool"
  cat >"$d/slurm.conf" <<EOF
ClusterName=gmctest
SlurmctldHost=localhost
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=$me
SlurmdUser=$me
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$d/munge.sock
StateSaveLocation=$d/state
SlurmdSpoolDir=$d/spool
SlurmctldPidFile=$d/slurmctld.pid
SlurmdPidFile=$d/slurmd.pid
SlurmctldLogFile=$d/slurmctld.log
SlurmdLogFile=$d/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/builtin
SchedulerParameters=sched_interval=1
MpiDefault=none
SwitchType=switch/none
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
ReturnToService=2
SlurmdParameters=config_overrides
NodeName=localhost CPUs=$(nproc) RealMemory=$mem State=UNKNOWN
PartitionName=debug Nodes=localhost Default=YES MaxTime=INFINITE State=UP
EOF
  export SLURM_CONF=$d/slurm.conf
  for i in $(seq 1 50); do [ -S "$d/munge.sock" ] && break; sleep 0.1; done
  # -i: ignore any state (there is none: a fresh StateSaveLocation)
  slurmctld -D -i >"$d/slurmctld.out" 2>&1 &
  CLUSTER_PIDS+=($!)
  slurmd -D -N localhost >"$d/slurmd.out" 2>&1 &
  CLUSTER_PIDS+=($!)
  for i in $(seq 1 60); do
    [ "$(sinfo -h -n localhost -o %t 2>/dev/null)" = idle ] && return 0
    sleep 0.5
  done
  echo "cluster: node not idle after 30 s: $(sinfo 2>&1 | tail -n 1)"
  tail -n 5 "$d"/*.out "$d/slurmctld.log" "$d/slurmd.log" 2>/dev/null | sed 's/^/    /'
  return 1
}

cluster_down() {
  [ -n "${SLURM_CONF:-}" ] && scancel --quiet --user="$(id -un)" 2>/dev/null
  local p i
  for p in "${CLUSTER_PIDS[@]}"; do kill "$p" 2>/dev/null; done
  for p in "${CLUSTER_PIDS[@]}"; do
    for i in $(seq 1 50); do kill -0 "$p" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$p" 2>/dev/null
  done
  CLUSTER_PIDS=()
}
