// The console follows the system's light or dark setting, as the hosted screens do, and switches
// when it changes.
import { useEffect, useState } from 'react';

const darkQuery = '(prefers-color-scheme: dark)';

export function useSystemTheme(): 'light' | 'dark' {
  const [dark, setDark] = useState(() => matchMedia(darkQuery).matches);
  useEffect(() => {
    const query = matchMedia(darkQuery);
    const update = () => setDark(query.matches);
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return dark ? 'dark' : 'light';
}
