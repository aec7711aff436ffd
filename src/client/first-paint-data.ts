import { createContext, useContext } from 'react';

/**
 * The data the server rendered the page with (the data island's `fallback`, src/client/data-island.ts): API URL →
 * answer. SWR's hooks start from it (src/client/hooks/useApi.ts) and so does the session (src/client/session/).
 */
export const FirstPaintData = createContext<Readonly<Record<string, unknown>>>({});

export const useFirstPaintData = () => useContext(FirstPaintData);
