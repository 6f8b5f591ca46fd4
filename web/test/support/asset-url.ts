// Stands in for a Vite `?url` asset import (root.tsx's stylesheet) when jest loads app modules.
export default '/assets/stub.css';
