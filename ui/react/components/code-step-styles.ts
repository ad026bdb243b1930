// Panda CSS classes of the step that asks for an emailed sign-in code.
// Apart from styles.ts so that only the screens that show it download it.
import { css } from '../../styled-system/css';
import { ruleAbove } from './style-parts';

export const subtitleClass = css({ fontSize: 'lg', fontWeight: '600', textAlign: 'center', margin: '0' });

export const codeStepClass = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  paddingTop: '4',
  marginTop: '1',
  ...ruleAbove,
});
