// Every route of the console speaks only en-US, for a visitor, a tenant administrator, a sub-user and an
// operator (the check itself: e2e/support/language-check.ts).
import { everyRouteSpeaksOnly } from "../support/language-check";

everyRouteSpeaksOnly("en-US");
