// The same host app without authd: React and one component, the baseline authd adds to.
import { useState } from 'react';
import { createRoot } from 'react-dom/client';

function Counter() {
  const [count, setCount] = useState(0);
  return <button onClick={() => setCount(count + 1)}>{count}</button>;
}
createRoot(document.getElementById('root')!).render(<Counter />);
