// `npm run dev`: the platform's process (serve.ts) with the browser app served from its sources
// by Vite with hot reload (dev/dev-web.ts) instead of from the build. `tsx watch` restarts it
// when server code changes; a change under src/web reaches the open page without a restart.
import { registerDevWeb } from "./dev/dev-web";
import { servePlatform } from "./serve";

process.on("unhandledRejection", (reason) => {
  console.error("Promesse rejetée non gérée :", reason);
});

void servePlatform({ devWeb: registerDevWeb });
