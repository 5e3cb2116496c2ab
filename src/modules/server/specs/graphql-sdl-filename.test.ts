import { describe, expect, it } from 'vitest';
import { graphqlSdlFilename } from './graphql-sdl-filename.js';

describe('graphqlSdlFilename', () => {
  const now = new Date('2026-11-25T23:59:00.000Z');

  it('is <project>_<yyyy-mm-dd>.graphql', () => {
    expect(graphqlSdlFilename('Stratum', now)).toBe('Stratum_2026-11-25.graphql');
  });

  it('replaces characters a header would need quoted', () => {
    expect(graphqlSdlFilename('', now)).toBe('graphql_2026-11-25.graphql');
    expect(graphqlSdlFilename('My "Project"/ü', now)).toBe('My__Project____2026-11-25.graphql');
  });
});
