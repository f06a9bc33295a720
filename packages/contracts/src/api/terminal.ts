// The socket protocol of the browser terminals (the HPC login host's of `/hpcv1console`, a cloud
// host's of `/webssh`): both open a WebSocket with a one-time ticket a signed POST minted (a
// browser cannot sign an upgrade) and then speak these messages.
import { z } from "zod";

/** Seconds a ticket may wait for its socket; it is spent by the first upgrade that shows it. */
export const TERMINAL_TICKET_SECONDS = 30;

/** What the browser sends on the socket: keystrokes, and the terminal's size when it changes. */
export const terminalClientMessage = z.discriminatedUnion("type", [
  z.object({ type: z.literal("input"), data: z.string().max(65_536) }),
  z.object({
    type: z.literal("resize"),
    cols: z.number().int().min(1).max(1000),
    rows: z.number().int().min(1).max(1000),
  }),
]);
export type TerminalClientMessage = z.infer<typeof terminalClientMessage>;
/** Why the server closed a terminal: the text in the ticket's language rides along. */
export const TERMINAL_END_REASONS = [
  "sessionEnded",
  "idle",
  "shellExited",
  "refused",
  "ticket",
  "maintenance",
] as const;
export type TerminalEndReason = (typeof TERMINAL_END_REASONS)[number];
export type TerminalServerMessage =
  | { type: "output"; data: string }
  /** The shell is open: as `user` on `host` (the login host, or the cloud host's address). */
  | { type: "connected"; user: string; host: string }
  | { type: "ended"; reason: TerminalEndReason; message: string };
