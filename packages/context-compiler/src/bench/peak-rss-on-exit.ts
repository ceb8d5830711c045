// Preloaded (`node --import`) into a CLI run the scale benchmark times: at exit it writes the process's
// own peak memory and CPU time to the file ARCHON_BENCH_USAGE names, which the parent cannot read once
// the child is gone.
import { writeFileSync } from "node:fs";
import { peakRssMb } from "./stats.js";

const target = process.env.ARCHON_BENCH_USAGE;
if (target) {
  process.on("exit", () => {
    const cpu = process.cpuUsage();
    writeFileSync(
      target,
      JSON.stringify({ peakRssMb: peakRssMb(process.pid), cpuMs: (cpu.user + cpu.system) / 1000 }),
    );
  });
}
