// The console's batch script templates: real sbatch scripts (their #SBATCH lines repeat the form's
// figures, which Skyledger passes to Slurm and which win over the lines). On the simulated cluster
// a `#SIM` line says how long the job runs and how many progress lines it prints; bash and Slurm
// read it as a comment.
export const JOB_TEMPLATES = ["hello", "mpi", "gpu"] as const;
export type JobTemplate = (typeof JOB_TEMPLATES)[number];

export type JobFigures = { name: string; cpus: number; gpus: number; timeLimitMinutes: number };

/** What each template asks for by default. */
export const TEMPLATE_FIGURES: Record<JobTemplate, JobFigures> = {
  hello: { name: "hello", cpus: 1, gpus: 0, timeLimitMinutes: 5 },
  mpi: { name: "mpi-job", cpus: 8, gpus: 0, timeLimitMinutes: 30 },
  gpu: { name: "gpu-job", cpus: 4, gpus: 1, timeLimitMinutes: 60 },
};

const hhmmss = (minutes: number) => {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}:00`;
};

const BODIES: Record<JobTemplate, string[]> = {
  hello: [
    'echo "Hello from $(hostname)"',
    'echo "Job $SLURM_JOB_ID runs on partition $SLURM_JOB_PARTITION"',
    "date",
  ],
  mpi: ['echo "Starting $SLURM_NTASKS MPI tasks"', "srun hostname", 'echo "MPI job finished"'],
  gpu: [
    'echo "GPUs given to the job: $CUDA_VISIBLE_DEVICES"',
    "nvidia-smi || true",
    'echo "Training finished"',
  ],
};

/** The template's script for these figures; `simulated` adds the simulator's run-time line. */
export function templateScript(template: JobTemplate, f: JobFigures, simulated: boolean, partition: string) {
  const lines = [
    "#!/bin/bash",
    `#SBATCH --job-name=${f.name}`,
    `#SBATCH --partition=${partition}`,
    template === "mpi" ? `#SBATCH --ntasks=${f.cpus}` : `#SBATCH --cpus-per-task=${f.cpus}`,
    ...(f.gpus > 0 ? [`#SBATCH --gres=gpu:${f.gpus}`] : []),
    `#SBATCH --time=${hhmmss(f.timeLimitMinutes)}`,
    "#SBATCH --output=slurm-%j.out",
    ...(simulated ? ["#SIM runtime=60 progress=6"] : []),
    "",
    ...BODIES[template],
    "",
  ];
  return lines.join("\n");
}
