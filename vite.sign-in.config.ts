import { defineConfig } from "vite";
import { islandsConfig } from "./vite.islands.config";

// The third step of `npm run build:public`: the sign-in pages' islands (see vite.islands.config.ts).
export default defineConfig(islandsConfig("sign-in"));
