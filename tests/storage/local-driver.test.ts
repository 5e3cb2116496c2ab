import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { expect, it } from 'vitest';
import { createLocalDriver } from '../../src/engine/storage/create-local-driver.js';
import { describeStorageDriverContract } from '../support/storage-driver-contract.js';

describeStorageDriverContract('local', async () => {
  const root = await mkdtemp(join(tmpdir(), 'stratum-local-driver-'));
  return { driver: createLocalDriver(root), cleanup: () => rm(root, { recursive: true, force: true }) };
});

it('local: a failed write leaves no temporary file in the folder', async () => {
  const root = await mkdtemp(join(tmpdir(), 'stratum-local-driver-'));
  try {
    const driver = createLocalDriver(root);
    const broken = new Readable({
      read() {
        this.destroy(new Error('gone'));
      },
    });
    await expect(driver.write('f/x.bin', broken)).rejects.toThrow('gone');
    expect(await readdir(join(root, 'f'))).toEqual([]);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});

it('local: a stream that fails before its file is even open leaves nothing either (a race, so tried often)', async () => {
  const root = await mkdtemp(join(tmpdir(), 'stratum-local-driver-'));
  try {
    const driver = createLocalDriver(root);
    for (let i = 0; i < 500; i++) {
      const broken = new Readable({
        read() {
          this.destroy(new Error('gone'));
        },
      });
      await expect(driver.write(`race/${i}/x.bin`, broken)).rejects.toThrow('gone');
    }
    const left = await readdir(join(root, 'race'), { recursive: true, withFileTypes: true });
    expect(left.filter((entry) => entry.isFile()).map((entry) => entry.name)).toEqual([]);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});
