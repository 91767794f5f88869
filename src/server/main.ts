// The platform's process on the build (`npm start`, build/server/main.js); `npm run dev` runs
// dev.ts instead, which serves the browser app from its sources.
import { servePlatform } from "./serve";

process.on("unhandledRejection", (reason) => {
  console.error("Promesse rejetée non gérée :", reason);
});

void servePlatform();
