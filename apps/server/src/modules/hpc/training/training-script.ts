// A training job's definition as the sbatch script Skyledger submits (docs/hpc.md, "Training
// jobs"). The resources are `#SBATCH` lines (slurmrestd 22.05 takes them from the submission's
// fields as well: the cluster SPI passes both); an `environment` becomes `module load`, an `image`
// an Apptainer container the command runs in (`--nv` for GPUs, the data path bound); the data path
// is `$DATA_PATH`. On the simulated cluster a `#SIM progress=N` line makes the log grow with the
// clock. Pure: no I/O.
import type { TrainingDefinition } from "@skyledger/contracts";

/** The marker of the command's here-document inside a container: a command line equal to it is refused. */
export const COMMAND_END = "SKYLEDGER_TRAINING_COMMAND";
/** Progress lines a simulated training job prints over its run. */
const SIMULATED_PROGRESS_STEPS = 20;

export function trainingScript(
  d: TrainingDefinition,
  target: { account: string; partition: string; simulated: boolean },
): string {
  const lines = [
    "#!/bin/bash",
    `#SBATCH --job-name=${d.name}`,
    `#SBATCH --account=${target.account}`,
    `#SBATCH --partition=${target.partition}`,
    "#SBATCH --ntasks=1",
    `#SBATCH --cpus-per-task=${d.cpus}`,
    ...(d.gpus > 0 ? [`#SBATCH --gres=gpu:${d.gpus}`] : []),
    `#SBATCH --mem=${d.memoryGb}G`,
    `#SBATCH --time=${d.timeLimitMinutes}`,
    ...(target.simulated ? [`#SIM progress=${SIMULATED_PROGRESS_STEPS}`] : []),
    "# Made by Skyledger from an AI development platform training job.",
    "set -eo pipefail",
    ...(d.dataPath ? [`export DATA_PATH=${d.dataPath}`] : []),
    `echo "training job ${d.name}: ${d.cpus} CPUs, ${d.gpus} GPUs, ${d.memoryGb} GB"`,
  ];
  if (d.environment) {
    lines.push(`module load ${d.environment}`, d.command);
  } else if (d.image) {
    const ref = d.image.includes("://") ? d.image : `docker://${d.image}`;
    const flags = [...(d.gpus > 0 ? ["--nv"] : []), ...(d.dataPath ? ['--bind "$DATA_PATH"'] : [])];
    lines.push(
      `apptainer exec ${[...flags, ref].join(" ")} bash -s <<'${COMMAND_END}'`,
      d.command,
      COMMAND_END,
    );
  }
  return `${lines.join("\n")}\n`;
}
