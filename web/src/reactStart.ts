// React and React DOM, made ready in a task of their own (src/main.tsx): evaluated with the router and the route
// table, they were one long task that held the page for a phone's tenth of a second.
export { createRoot } from 'react-dom/client';
