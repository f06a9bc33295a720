// nginx in front of the instances, run by the test itself on loopback (never the system service):
// the configuration of docs/operations/scaling-out.md with loopback ports and files in a temporary
// prefix directory. Stopped with SIGQUIT (its graceful stop) and SIGKILL as a last resort.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

export const NGINX_BINARY = process.env.NGINX_BINARY ?? "/usr/sbin/nginx";

/** The http block of docs/operations/scaling-out.md for `ports`, listening on `listen`. */
export function nginxConfig(prefix: string, listen: number, ports: number[]): string {
  const servers = (extra: string) => ports.map((p) => `    server 127.0.0.1:${p}${extra};`).join("\n");
  return `daemon off;
worker_processes 1;
pid ${path.join(prefix, "nginx.pid")};
error_log ${path.join(prefix, "error.log")} warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${path.join(prefix, "body")};
  proxy_temp_path ${path.join(prefix, "proxy")};
  fastcgi_temp_path ${path.join(prefix, "fastcgi")};
  uwsgi_temp_path ${path.join(prefix, "uwsgi")};
  scgi_temp_path ${path.join(prefix, "scgi")};
  client_max_body_size 12m;
  map $http_upgrade $connection_upgrade { default upgrade; "" ""; }
  upstream skyledger {
${servers(" max_fails=1 fail_timeout=5s")}
    keepalive 16;
  }
  upstream skyledger_webssh {
    hash $remote_addr consistent;
${servers("")}
  }
  server {
    listen 127.0.0.1:${listen};
    proxy_http_version 1.1;
    proxy_set_header Host $host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
    proxy_set_header Upgrade $http_upgrade;
    proxy_set_header Connection $connection_upgrade;
    proxy_read_timeout 75s;
    proxy_send_timeout 75s;
    location ~ ^/api/res/hosts/[^/]+/webssh_tickets$ { proxy_pass http://skyledger_webssh; }
    location = /api/webssh/terminal { proxy_pass http://skyledger_webssh; proxy_read_timeout 1h; }
    location = /api/hpc/terminal { proxy_pass http://skyledger; proxy_read_timeout 1h; }
    location / { proxy_pass http://skyledger; }
  }
}
`;
}

export type Nginx = { port: number; stop(): Promise<void>; errors(): string };

/** Starts nginx with the configuration above; resolves once it answers on `listen`. */
export async function startNginx(prefix: string, listen: number, ports: number[]): Promise<Nginx> {
  mkdirSync(prefix, { recursive: true });
  const conf = path.join(prefix, "nginx.conf");
  writeFileSync(conf, nginxConfig(prefix, listen, ports));
  const child: ChildProcess = spawn(NGINX_BINARY, ["-p", prefix, "-c", conf], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited at start: ${stderr}`);
    const up = await fetch(`http://127.0.0.1:${listen}/`, { method: "HEAD" }).then(
      () => true,
      () => false,
    );
    if (up) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    port: listen,
    errors: () => stderr,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill("SIGQUIT");
      const killer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(killer);
    },
  };
}
