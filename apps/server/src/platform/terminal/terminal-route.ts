// The WebSocket route of a browser terminal. It is not an endpoint of the registry: a browser
// cannot sign an upgrade, so its authority is the one-time ticket a signed call minted, which the
// terminal's `attach` checks. Ends the terminals when the server closes.
import type { Locale } from "@skyledger/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { localeOf } from "../http/route";
import type { TerminalSocket } from "./open-terminals";

const socketQuery = z.object({
  ticket: z.string().max(128).optional(),
  cols: z.coerce.number().int().min(1).max(1000).optional(),
  rows: z.coerce.number().int().min(1).max(1000).optional(),
});

export type TerminalAttach = (
  socket: TerminalSocket,
  q: { ticket?: string; cols?: number; rows?: number; locale: Locale; ip: string },
) => Promise<void>;

export function registerTerminalSocket(
  app: FastifyInstance,
  path: string,
  terminal: { attach: TerminalAttach; stop(): void },
): void {
  app.get(
    path,
    { websocket: true, schema: { hide: true }, config: { permissions: "ticket" } },
    (socket, req) => {
      const q = socketQuery.safeParse(req.query);
      terminal
        .attach(socket, { ...(q.success ? q.data : {}), locale: localeOf(req), ip: req.ip })
        .catch((err: unknown) => {
          req.log.error({ err, path }, "terminal failed");
          socket.close(1011, "error");
        });
    },
  );
  app.addHook("onClose", async () => terminal.stop());
}
