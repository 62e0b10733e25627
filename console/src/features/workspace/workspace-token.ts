// The token the workspace's try-it sends. The API shows a token once, when it is made, so the
// workspace keeps the test token it made (or was given) in this browser, per account: a test token
// reaches only the sandbox airlines, so keeping it is no more than keeping the console open. A live
// token is never stored: it lives in the page's memory until the page closes.
import { useCallback, useState } from 'react';

const storageKey = (accountId: string) => `contrail.workspace.testToken.${accountId}`;

function readStored(accountId: string): string | null {
  try {
    return window.localStorage.getItem(storageKey(accountId));
  } catch {
    return null; // storage switched off: the token lasts as long as the page
  }
}

function writeStored(accountId: string, token: string | null): void {
  try {
    if (token === null) window.localStorage.removeItem(storageKey(accountId));
    else window.localStorage.setItem(storageKey(accountId), token);
  } catch {
    // storage switched off: nothing to keep
  }
}

export interface WorkspaceTokens {
  test: string | null;
  live: string | null;
  setTest: (token: string | null) => void;
  setLive: (token: string | null) => void;
}

export function useWorkspaceTokens(accountId: string): WorkspaceTokens {
  const [test, setTestState] = useState(() => readStored(accountId));
  const [live, setLive] = useState<string | null>(null);
  const setTest = useCallback(
    (token: string | null) => {
      writeStored(accountId, token);
      setTestState(token);
    },
    [accountId],
  );
  return { test, live, setTest, setLive };
}
