// `npm run dev`: the API on :3000 (tsx watch) and Vite with hot reload on :5173 (proxying /api).
import { spawn } from "node:child_process";

const children = [
  spawn("npx", ["tsx", "watch", "apps/server/src/index.ts"], { stdio: "inherit", env: { ...process.env, TRUSTED_ORIGINS: "http://localhost:5173" } }),
  spawn("npx", ["vite"], { cwd: "apps/web", stdio: "inherit" }),
];
const stop = () => children.forEach((c) => c.kill("SIGTERM"));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
