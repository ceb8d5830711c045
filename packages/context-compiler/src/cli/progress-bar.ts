// A one-line progress bar on a terminal's stderr; nothing at all when stderr is piped or a file.

export interface Progress {
  update(done: number, total: number): void;
  done(): void;
}

const WIDTH = 30;
const silent: Progress = { update() {}, done() {} };

export function progressBar(
  label: string,
  stream: Pick<NodeJS.WriteStream, "isTTY" | "write"> = process.stderr,
): Progress {
  if (!stream.isTTY) return silent;
  let shown = -1;
  let drawn = false;
  return {
    update(done, total) {
      const percent = total === 0 ? 100 : Math.floor((done / total) * 100);
      // Redraw only when the figure moves: a large repository reports thousands of files.
      if (percent === shown) return;
      shown = percent;
      drawn = true;
      const filled = Math.round((percent / 100) * WIDTH);
      stream.write(
        `\r${label} [${"#".repeat(filled)}${".".repeat(WIDTH - filled)}] ${percent}% (${done}/${total})`,
      );
    },
    done() {
      if (drawn) stream.write("\n");
    },
  };
}
