import type { FastifyInstance } from "fastify";
import type { HttpGuards } from "./http/guards";
import type { publicRoute, userRoute } from "./http/route";

/** What a module's routes file receives to register its endpoints. */
export type ModuleContext = {
  app: FastifyInstance;
  guards: HttpGuards;
  publicRoute: typeof publicRoute;
  userRoute: typeof userRoute;
};
