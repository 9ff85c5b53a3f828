/**
 * Aho-Corasick compiled to a dense DFA over the patterns' own alphabet. The scanner feeds every word of
 * every page through it, and the maintained JS libraries measured at 23–46 MB/s on the scanner's
 * dictionary (README, "Matching"), which made matching the largest CPU cost of a crawl. A flat
 * Int32Array transition table reads each UTF-16 unit with two array loads and no allocation.
 * Patterns are plain strings: nothing is compiled to a RegExp, so user input cannot cause ReDoS.
 */
export interface AutomatonHit {
  /** Index of the pattern in the list given to the constructor. */
  pattern: number;
  start: number;
  end: number;
}

export class Automaton {
  private readonly columnOf: Uint16Array;
  private readonly width: number;
  /**
   * next[row + column], where row = state * width, holds the target state's row, negated (as -row - 1)
   * when that state has outputs: the search loop then needs no multiplication and one sign test.
   */
  private readonly next: Int32Array;
  /** Outputs of state s are outputs[outputStart[s] .. outputStart[s + 1]). */
  private readonly outputStart: Int32Array;
  private readonly outputs: Int32Array;
  private readonly lengths: Int32Array;

  constructor(patterns: readonly string[]) {
    this.lengths = Int32Array.from(patterns, (p) => p.length);
    // Column 0 stands for every code unit that no pattern uses: it always leads back to the root.
    this.columnOf = new Uint16Array(65536);
    let columns = 1;
    for (const p of patterns) {
      for (let i = 0; i < p.length; i++) {
        const code = p.charCodeAt(i);
        if (this.columnOf[code] === 0) this.columnOf[code] = columns++;
      }
    }
    this.width = columns;

    // Trie first, with -1 for a missing edge.
    const edges: Int32Array[] = [new Int32Array(columns).fill(-1)];
    const own: number[][] = [[]];
    patterns.forEach((p, index) => {
      if (p.length === 0) return;
      let state = 0;
      for (let i = 0; i < p.length; i++) {
        const column = this.columnOf[p.charCodeAt(i)]!;
        let target = edges[state]![column]!;
        if (target < 0) {
          target = edges.length;
          edges.push(new Int32Array(columns).fill(-1));
          own.push([]);
          edges[state]![column] = target;
        }
        state = target;
      }
      own[state]!.push(index);
    });

    // Breadth-first: fill missing edges from the failure state and inherit its outputs.
    const states = edges.length;
    const next = new Int32Array(states * columns);
    const fail = new Int32Array(states);
    const all: number[][] = own.map((o) => [...o]);
    const queue: number[] = [];
    for (let c = 0; c < columns; c++) {
      const target = edges[0]![c]!;
      next[c] = target < 0 ? 0 : target;
      if (target > 0) queue.push(target);
    }
    for (let head = 0; head < queue.length; head++) {
      const state = queue[head]!;
      const row = state * columns;
      const failRow = fail[state]! * columns;
      for (let c = 0; c < columns; c++) {
        const target = edges[state]![c]!;
        if (target < 0) {
          next[row + c] = next[failRow + c]!;
        } else {
          fail[target] = next[failRow + c]!;
          all[target]!.push(...all[fail[target]]!);
          next[row + c] = target;
          queue.push(target);
        }
      }
    }
    for (let k = 0; k < next.length; k++) {
      const target = next[k]!;
      next[k] = all[target]!.length > 0 ? -(target * columns) - 1 : target * columns;
    }
    this.next = next;
    this.outputStart = new Int32Array(states + 1);
    let total = 0;
    for (let s = 0; s < states; s++) {
      this.outputStart[s] = total;
      total += all[s]!.length;
    }
    this.outputStart[states] = total;
    this.outputs = Int32Array.from(all.flat());
  }

  /** Every occurrence of every pattern, overlaps included, in order of their end. */
  search(text: string): AutomatonHit[] {
    const hits: AutomatonHit[] = [];
    const { next, columnOf, width, outputStart, outputs, lengths } = this;
    const length = text.length;
    let row = 0;
    for (let i = 0; i < length; i++) {
      row = next[row + columnOf[text.charCodeAt(i)]!]!;
      if (row < 0) {
        row = -row - 1;
        const state = row / width;
        const to = outputStart[state + 1]!;
        for (let k = outputStart[state]!; k < to; k++) {
          const pattern = outputs[k]!;
          hits.push({ pattern, start: i + 1 - lengths[pattern]!, end: i + 1 });
        }
      }
    }
    return hits;
  }
}
