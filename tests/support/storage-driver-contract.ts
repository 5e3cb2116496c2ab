import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StorageNotFoundError, type StorageDriver } from '../../src/engine/storage/storage-driver.js';

/** Collects an async iterable of paths, sorted. */
async function collect(paths: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const path of paths) out.push(path);
  return out.sort();
}

/** A stream that yields `chunks` and then fails, as a broken upload does. */
function failingStream(chunks: Buffer[]): Readable {
  let i = 0;
  return new Readable({
    read() {
      if (i < chunks.length) this.push(chunks[i++]);
      else this.destroy(new Error('client went away'));
    },
  });
}

/**
 * The behaviour every StorageDriver has, whatever keeps the bytes. `open` makes a driver over an empty
 * store of the test's own (a fresh folder, a fresh bucket prefix); `cleanup` removes it.
 */
export function describeStorageDriverContract(
  name: string,
  open: () => Promise<{ driver: StorageDriver; cleanup: () => Promise<void> }>,
): void {
  describe(`storage driver contract: ${name}`, () => {
    let driver: StorageDriver;
    let cleanup: () => Promise<void>;

    beforeAll(async () => {
      ({ driver, cleanup } = await open());
    });
    afterAll(async () => {
      await driver.close?.();
      await cleanup();
    });

    it('writes a stream and reads it back whole and by range', async () => {
      const bytes = Buffer.from('0123456789abcdefghij');
      await driver.write('a/b/one.txt', Readable.from([bytes.subarray(0, 7), bytes.subarray(7)]), 'text/plain');
      expect(await buffer(await driver.read('a/b/one.txt'))).toEqual(bytes);
      expect((await buffer(await driver.read('a/b/one.txt', { start: 2, end: 5 }))).toString()).toBe('2345');
      expect((await buffer(await driver.read('a/b/one.txt', { start: 19, end: 19 }))).toString()).toBe('j');
    });

    it('stats an object and answers null for a missing one', async () => {
      await driver.write('stat.bin', Readable.from([Buffer.alloc(1000, 7)]));
      const info = await driver.stat('stat.bin');
      expect(info?.size).toBe(1000);
      expect(info?.modified).toBeInstanceOf(Date);
      expect(Math.abs(info!.modified.getTime() - Date.now())).toBeLessThan(5 * 60_000);
      expect(await driver.stat('missing.bin')).toBeNull();
    });

    it('replaces an object on a second write', async () => {
      await driver.write('replace.txt', Readable.from([Buffer.from('first version')]));
      await driver.write('replace.txt', Readable.from([Buffer.from('second')]));
      expect((await buffer(await driver.read('replace.txt'))).toString()).toBe('second');
      expect((await driver.stat('replace.txt'))?.size).toBe(6);
    });

    it('rejects reading a missing object with StorageNotFoundError', async () => {
      await expect(driver.read('nothing/here.txt')).rejects.toBeInstanceOf(StorageNotFoundError);
    });

    it('leaves no object behind when the stream fails part way', async () => {
      await expect(
        driver.write('broken/upload.bin', failingStream([Buffer.alloc(64 * 1024, 1), Buffer.alloc(64 * 1024, 2)])),
      ).rejects.toThrow();
      expect(await driver.stat('broken/upload.bin')).toBeNull();
      expect(await collect(driver.list('broken/'))).toEqual([]);
    });

    it('keeps the old object when a replacing write fails', async () => {
      await driver.write('keep.txt', Readable.from([Buffer.from('original')]));
      await expect(driver.write('keep.txt', failingStream([Buffer.from('partial')]))).rejects.toThrow();
      expect((await buffer(await driver.read('keep.txt'))).toString()).toBe('original');
    });

    it('deletes an object, and deleting a missing one is not an error', async () => {
      await driver.write('gone.txt', Readable.from([Buffer.from('x')]));
      await driver.delete('gone.txt');
      expect(await driver.stat('gone.txt')).toBeNull();
      await expect(driver.delete('gone.txt')).resolves.toBeUndefined();
    });

    it('lists the objects under a prefix, and nothing for an unknown one', async () => {
      await driver.write('list/x/1.txt', Readable.from([Buffer.from('1')]));
      await driver.write('list/x/2.txt', Readable.from([Buffer.from('2')]));
      await driver.write('list/y/3.txt', Readable.from([Buffer.from('3')]));
      await driver.write('listing.txt', Readable.from([Buffer.from('4')]));
      expect(await collect(driver.list('list/x/'))).toEqual(['list/x/1.txt', 'list/x/2.txt']);
      expect(await collect(driver.list('list/'))).toEqual(['list/x/1.txt', 'list/x/2.txt', 'list/y/3.txt']);
      expect(await collect(driver.list('none/'))).toEqual([]);
    });

    it('streams a large object without holding it whole', async () => {
      const chunk = Buffer.alloc(1024 * 1024, 3);
      let sent = 0;
      const source = new Readable({
        read() {
          if (sent === 12) this.push(null);
          else {
            sent++;
            this.push(chunk);
          }
        },
      });
      await driver.write('big.bin', source);
      expect((await driver.stat('big.bin'))?.size).toBe(12 * 1024 * 1024);
      let total = 0;
      for await (const part of await driver.read('big.bin')) total += (part as Buffer).length;
      expect(total).toBe(12 * 1024 * 1024);
    });

    it('refuses paths that could leave its root', async () => {
      for (const path of ['../escape.txt', '/abs.txt', 'a/../../b', 'a//b', 'a\\b']) {
        await expect(driver.write(path, Readable.from([Buffer.from('x')]))).rejects.toThrow(/Unsafe storage path/);
        await expect(driver.read(path)).rejects.toThrow(/Unsafe storage path/);
      }
    });
  });
}
