// The built server (apps/server/dist/main.js) run as several instances on one PostgreSQL database,
// each a child process that the test may kill with SIGKILL and start again on the same port.
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../../..");
export const SERVER_BUNDLE = path.join(REPO_ROOT, "apps/server/dist/main.js");

export type Instance = {
  readonly port: number;
  /** How many times it was started. */
  starts: number;
  child: ChildProcess | undefined;
  /** The last lines it printed (its log is at warn level), for a failure's message. */
  tail: string[];
};

const TAIL_LINES = 40;

/** Waits until the instance answers a public call, polling; fails if it exits first. */
async function untilAnswering(instance: Instance, deadlineMs: number): Promise<void> {
  const until = Date.now() + deadlineMs;
  while (Date.now() < until) {
    if (instance.child?.exitCode !== null) {
      throw new Error(`instance :${instance.port} exited at start:\n${instance.tail.join("\n")}`);
    }
    const ok = await fetch(`http://127.0.0.1:${instance.port}/api/configs/nonAuth`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(
    `instance :${instance.port} did not answer within ${deadlineMs} ms:\n${instance.tail.join("\n")}`,
  );
}

export function createFleet(ports: number[], env: Record<string, string>) {
  const instances: Instance[] = ports.map((port) => ({ port, starts: 0, child: undefined, tail: [] }));

  async function start(instance: Instance, deadlineMs = 120_000): Promise<void> {
    const child = spawn(process.execPath, ["--enable-source-maps", SERVER_BUNDLE], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env, PORT: String(instance.port), HOST: "127.0.0.1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    instance.child = child;
    instance.starts += 1;
    const keep = (chunk: Buffer) => {
      instance.tail.push(...chunk.toString().split("\n").filter(Boolean));
      instance.tail.splice(0, Math.max(0, instance.tail.length - TAIL_LINES));
    };
    child.stdout?.on("data", keep);
    child.stderr?.on("data", keep);
    await untilAnswering(instance, deadlineMs);
  }

  /** SIGKILL: no graceful stop, open transactions and claimed work are left as a crash leaves them. */
  async function kill(instance: Instance): Promise<void> {
    const child = instance.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    child.kill("SIGKILL");
    await exited;
  }

  /** A graceful stop (SIGTERM), SIGKILL if it does not end within 10 s. */
  async function stop(instance: Instance): Promise<void> {
    const child = instance.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    child.kill("SIGTERM");
    const killer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    await exited;
    clearTimeout(killer);
  }

  return {
    instances,
    start,
    kill,
    stop,
    stopAll: () => Promise.all(instances.map(stop)),
  };
}
export type Fleet = ReturnType<typeof createFleet>;
