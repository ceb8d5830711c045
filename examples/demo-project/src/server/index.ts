import express from "express";
import cookieParser from "cookie-parser";
import { randomUUID } from "node:crypto";
import { authRouter } from "./routes/auth.route";
import { invoicesRouter } from "./routes/invoices.route";
import { customersRouter } from "./routes/customers.route";
import { errorHandler } from "./middleware/error-handler";
import { rateLimit } from "./middleware/rate-limit";
import { logger } from "../lib/logger";

export function createApp() {
  const app = express();
  app.disable("x-powered-by");
  app.use(express.json({ limit: "256kb" }));
  app.use(cookieParser());
  app.use((req, res, next) => {
    res.locals.requestId = req.header("x-request-id") ?? randomUUID();
    res.setHeader("X-Request-Id", res.locals.requestId);
    next();
  });
  app.use("/api", rateLimit({ capacity: 120, refillPerSecond: 2 }));
  app.use("/api/auth", authRouter);
  app.use("/api/invoices", invoicesRouter);
  app.use("/api/customers", customersRouter);
  app.use(errorHandler);
  return app;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.env.PORT ?? 4000);
  createApp().listen(port, () => logger.info("api listening", { port }));
}
