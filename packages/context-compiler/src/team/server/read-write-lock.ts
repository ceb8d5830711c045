// One writer or many readers at a time, first come first served: on a shared store, a request that only
// reads the working database (a slow verify_done among them) runs beside other readers, while a write,
// whose transaction stays open across awaits, runs alone.
interface Waiter {
  write: boolean;
  go: () => void;
}

export class ReadWriteLock {
  #readers = 0;
  #writing = false;
  readonly #waiting: Waiter[] = [];

  read<T>(fn: () => Promise<T>): Promise<T> {
    return this.#hold(false, fn);
  }

  write<T>(fn: () => Promise<T>): Promise<T> {
    return this.#hold(true, fn);
  }

  async #hold<T>(write: boolean, fn: () => Promise<T>): Promise<T> {
    await this.#acquire(write);
    try {
      return await fn();
    } finally {
      if (write) this.#writing = false;
      else this.#readers -= 1;
      this.#wake();
    }
  }

  #free(write: boolean): boolean {
    return write ? !this.#writing && this.#readers === 0 : !this.#writing;
  }

  #take(write: boolean): void {
    if (write) this.#writing = true;
    else this.#readers += 1;
  }

  /** A reader arriving behind a waiting writer waits too, so a stream of readers cannot starve it. */
  #acquire(write: boolean): Promise<void> {
    if (this.#waiting.length === 0 && this.#free(write)) {
      this.#take(write);
      return Promise.resolve();
    }
    return new Promise((go) => this.#waiting.push({ write, go }));
  }

  #wake(): void {
    for (let next = this.#waiting[0]; next !== undefined && this.#free(next.write); next = this.#waiting[0]) {
      this.#waiting.shift();
      this.#take(next.write);
      next.go();
      if (next.write) return;
    }
  }
}
