// The side panel's entry.
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')!).render(<p>Contrail</p>);
