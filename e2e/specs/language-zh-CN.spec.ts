// Every route of the console speaks only zh-CN, for a visitor, a tenant administrator, a sub-user and an
// operator (the check itself: e2e/support/language-check.ts).
import { everyRouteSpeaksOnly } from "../support/language-check";

everyRouteSpeaksOnly("zh-CN");
