// The error line of an account-settings section (a refused change, a failed load): red text
// announced as an alert, nothing without a message. Its margin is the root's reset (0), inside
// a section's <dialog> too.
//
// My Profile's image picker writes its line out instead: that screen's first load has no other
// error line, and this module, shared by the other sections' chunks, would cost it 0.12 KB it
// does not have (its locale allowance in test/browser/bundle-budgets.test.ts).
import { errorTextClass } from '../components/styles';

export function SectionError(props: { message: string | null | undefined | false }) {
  if (!props.message) return null;
  return (
    <p className={errorTextClass} role="alert">
      {props.message}
    </p>
  );
}
