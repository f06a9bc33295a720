// Remote login to a cloud host from the browser (`/webssh?host=<id>`, CB01): the login user and a
// password or a private key go inside the signed ticket call only (never stored, never logged);
// the server logs in to the host and the terminal's socket (api/terminal.ts) shows the shell.
import { z } from "zod";

/** The socket of the host terminal, opened with `?ticket=` (docs/hosts.md, "Remote login"). */
export const WEBSSH_SOCKET_PATH = "/api/webssh/terminal";

/** A login name as Linux accepts it (useradd's default rule), `root` by default on the form. */
export const LOGIN_USER_PATTERN = /^[a-z_][a-z0-9_-]{0,31}$/;

export const webSshLoginBody = z
  .object({
    username: z
      .string()
      .trim()
      .min(1, "validation.required")
      .regex(LOGIN_USER_PATTERN, "validation.loginUser"),
    /** How the user proves who they are: the account's password, or an OpenSSH/PEM private key. */
    method: z.enum(["password", "privateKey"]),
    password: z.string().max(256, "validation.invalid").optional(),
    privateKey: z.string().max(16_384, "validation.invalid").optional(),
    /** The private key's passphrase, when it has one. */
    passphrase: z.string().max(256, "validation.invalid").optional(),
  })
  .superRefine((b, ctx) => {
    if (b.method === "password" && !b.password)
      ctx.addIssue({ code: "custom", path: ["password"], message: "validation.required" });
    if (b.method === "privateKey" && !b.privateKey?.trim())
      ctx.addIssue({ code: "custom", path: ["privateKey"], message: "validation.required" });
  });
export type WebSshLoginBody = z.input<typeof webSshLoginBody>;

export const webSshTicket = z.object({
  ticket: z.string(),
  expiresAt: z.string(),
  /** Where to open the socket (with `?ticket=`), relative to the portal's origin. */
  socketPath: z.string(),
  username: z.string(),
  /** The address connected to (`host:port`). */
  address: z.string(),
  /** The host key's fingerprint, and whether this login recorded it (first use) or matched it. */
  hostKeyFingerprint: z.string(),
  hostKeyFirstSeen: z.boolean(),
});
export type WebSshTicket = z.infer<typeof webSshTicket>;

/** What the page needs before the form: where it would connect, or why it cannot. */
export const webSshTarget = z.object({
  hostId: z.string(),
  name: z.string(),
  status: z.string(),
  simulated: z.boolean(),
  /** `host:port`, or null when there is nowhere to connect (see `unavailable`). */
  address: z.string().nullable(),
  /** Why no login is possible now, in the caller's language; null when one is. */
  unavailable: z.string().nullable(),
  /** The recorded host key fingerprint (trust on first use), null before the first login. */
  hostKeyFingerprint: z.string().nullable(),
});
export type WebSshTarget = z.infer<typeof webSshTarget>;
