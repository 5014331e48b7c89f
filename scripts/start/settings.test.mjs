import { describe, expect, it } from 'vitest';
import { startSettings } from './settings.mjs';

describe('startSettings (npm start)', () => {
  it("has the provider's dev project authorize the demo on LATCH_DEMO_PORT", () => {
    const settings = startSettings({ LATCH_DEMO_PORT: '3600' });
    expect(settings.demoOrigin).toBe('http://127.0.0.1:3600');
    expect(settings.demoEnv.PORT).toBe('3600');
    expect(settings.providerEnv.LATCH_DEV_ORIGINS).toBe('http://127.0.0.1:3600,http://localhost:3600');
  });

  it('defaults to the provider on 4000 and the demo on 3000', () => {
    expect(startSettings({})).toEqual({
      authOrigin: 'http://localhost:4000',
      demoOrigin: 'http://127.0.0.1:3000',
      providerEnv: {
        PORT: '4000',
        LATCH_AUTH_ORIGIN: 'http://localhost:4000',
        LATCH_DEV_ORIGINS: 'http://127.0.0.1:3000,http://localhost:3000',
      },
      demoEnv: { PORT: '3000', LATCH_AUTH_ORIGIN: 'http://localhost:4000' },
    });
  });
});
