// @vitest-environment node
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BOOTSTRAP } from '@latch/api';
import { createWidgetStore } from './state/createWidgetStore';
import { DEFAULT_MOUNT_STATE } from './state/widgetAtoms';
import { createTestServices } from './test/renderWidget';
import { Widget } from './Widget';

describe('server rendering', () => {
  it('renders the container without browser globals', () => {
    expect(typeof window).toBe('undefined');
    const store = createWidgetStore({
      mount: {
        ...DEFAULT_MOUNT_STATE,
        config: { products: ['emailMagicLinks', 'otp'], otpOptions: { methods: ['sms'] } },
      },
      bootstrap: { ...DEFAULT_BOOTSTRAP, displayWatermark: true },
    });
    const html = renderToString(<Widget store={store} services={createTestServices().services} />);
    expect(html).toContain('Sign up or log in');
    expect(html).toContain('Powered by');
    expect(html).toContain('--latch-primary:#19303D');
  });
});
