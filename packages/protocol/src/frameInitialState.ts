import type { LoginConfig } from './config';
import type { StylesInput } from './styles';

/**
 * The mount's initial state: the options the frame URL carries, parsed and validated. The provider
 * reads them once per frame document (to render the first screen and choose its preloads) and
 * embeds the result in the document, so the frame starts from the same values without parsing.
 */
export interface FrameInitialState {
  config: LoginConfig;
  styles: StylesInput;
}

/** The `<script type="application/json">` of the frame document that holds its `FrameInitialState`. */
export const FRAME_STATE_ELEMENT_ID = 'latch-initial-state';
