/**
 * Source offsets of a template's instructions, keyed by the instruction tuple, as
 * codegen reads them (a ReadonlyMap). Filling a Map costs an identity hash and a
 * table insert per instruction on every compile; here an instruction costs two
 * array pushes, and a lookup is a short scan from where the last one ended.
 * Codegen asks in post-order (a block's instructions before the block), so a leaf is
 * found just after the furthest instruction seen so far and a block just before it:
 * the scans cost O(instructions x nesting depth). If they add up to more than a few
 * steps per instruction (deep nesting, some other order), the table becomes a real
 * Map once, so no lookup order can make it quadratic.
 */
import { Op } from './opcodes.js';

const STEPS_PER_KEY = 8;

const isBlock = (key: object): boolean => {
  const op = (key as unknown[])[0];
  return op === Op.SECTION || op === Op.REPEATED || op === Op.PREDICATE || op === Op.OR_PREDICATE || op === Op.IF || op === Op.MACRO;
};

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
    const i = isBlock(key) ? this.before(key) ?? this.after(key) : this.after(key) ?? this.before(key);
    if (this.steps > STEPS_PER_KEY * keys.length + 64) this.toMap();
    if (i === undefined) return undefined;
    this.last = i;
    if (i > this.furthest) this.furthest = i;
    return this.offsetList[i];
  }

  private after(key: object): number | undefined {
    const keys = this.keyList;
    let i = this.furthest + 1;
    while (i < keys.length && keys[i] !== key) i++;
    this.steps += i - this.furthest;
    return i < keys.length ? i : undefined;
  }

  private before(key: object): number | undefined {
    const keys = this.keyList;
    let i = Math.min(this.furthest, keys.length - 1);
    const from = i;
    while (i >= 0 && keys[i] !== key) i--;
    this.steps += from - i + 1;
    return i >= 0 ? i : undefined;
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
