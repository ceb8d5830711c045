// Running a built command so that file modes bind it even when the tests run as root.
import { spawnSync } from "node:child_process";

const asRoot = process.getuid?.() === 0;

/**
 * A launcher that drops the two capabilities through which root ignores file modes (CAP_DAC_OVERRIDE,
 * CAP_DAC_READ_SEARCH), so a read-only file or folder refuses the command as it would refuse any user;
 * nothing is needed when the tests do not run as root.
 */
export const OBEY_MODES: readonly string[] = asRoot
  ? ["setpriv", "--bounding-set=-dac_override,-dac_read_search"]
  : [];

/** False only as root without setpriv: then no read-only state can be made, and such tests are skipped. */
export const CAN_OBEY_MODES = !asRoot || spawnSync("setpriv", ["--version"]).status === 0;
