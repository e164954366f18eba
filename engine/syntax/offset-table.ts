/**
 * Source offsets of a template's instructions, keyed by the instruction tuple, as
 * codegen reads them (a ReadonlyMap). Filling a Map costs an identity hash and a
 * table insert per instruction on every compile; here an instruction costs two
 * array pushes, and a lookup searches outwards, both ways at once, from the
 * furthest instruction looked up so far. Codegen asks in post-order (a block's
 * instructions before the block), so a leaf is found a few steps after that point
 * (past blocks still waiting for their turn) and a block at most its own size
 * before it: O(instructions x nesting depth) in all. If the steps add up to more
 * than a few per instruction (deep nesting, some other order), the table becomes a
 * real Map once, so no lookup order can make it quadratic.
 */
const STEPS_PER_KEY = 8;

export class OffsetTable implements ReadonlyMap<object, number> {
  private readonly keyList: object[] = [];
  private readonly offsetList: number[] = [];
  /** The furthest index found so far, and the last one. */
  private furthest = -1;
  private last = -1;
  private steps = 0;
  private map: Map<object, number> | undefined;

  /** Record an instruction; instructions arrive in source order, each once. */
  add(key: object, offset: number): void {
    this.keyList.push(key);
    this.offsetList.push(offset);
  }

  get(key: object): number | undefined {
    if (this.map !== undefined) return this.map.get(key);
    const keys = this.keyList;
    if (this.last !== -1 && keys[this.last] === key) return this.offsetList[this.last];
    const i = this.find(key);
    if (this.steps > STEPS_PER_KEY * keys.length + 64) this.toMap();
    if (i === -1) return undefined;
    this.last = i;
    if (i > this.furthest) this.furthest = i;
    return this.offsetList[i];
  }

  /** Index of `key`, searching after and before the furthest index in turn; -1 when absent. */
  private find(key: object): number {
    const keys = this.keyList;
    const n = keys.length;
    let after = this.furthest + 1;
    let before = this.furthest;
    let found = -1;
    while (after < n || before >= 0) {
      if (after < n && keys[after++] === key) {
        found = after - 1;
        break;
      }
      if (before >= 0 && keys[before--] === key) {
        found = before + 1;
        break;
      }
    }
    this.steps += after - before;
    return found;
  }

  private toMap(): Map<object, number> {
    if (this.map === undefined) {
      this.map = new Map();
      for (let i = 0; i < this.keyList.length; i++) this.map.set(this.keyList[i], this.offsetList[i]);
    }
    return this.map;
  }

  get size(): number {
    return this.keyList.length;
  }
  has(key: object): boolean {
    return this.get(key) !== undefined;
  }
  forEach(fn: (offset: number, key: object, map: ReadonlyMap<object, number>) => void): void {
    for (let i = 0; i < this.keyList.length; i++) fn(this.offsetList[i], this.keyList[i], this);
  }
  entries(): MapIterator<[object, number]> {
    return this.toMap().entries();
  }
  keys(): MapIterator<object> {
    return this.toMap().keys();
  }
  values(): MapIterator<number> {
    return this.toMap().values();
  }
  [Symbol.iterator](): MapIterator<[object, number]> {
    return this.entries();
  }
}
