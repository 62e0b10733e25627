// The panel's view of the terminal: the newest recognised entries (from a terminal's content
// script or the agent's selection), the tab they came from, and when the text appeared.
import { useEffect, useState } from 'react';
import { latestRecognition } from '../background/latest';
import type { RecognisedMessage } from '../messages';

export interface TerminalInput {
  message: RecognisedMessage;
  tabId: number | null;
  receivedAt: number;
}

export function useRecognitions(): TerminalInput | null {
  const [input, setInput] = useState<TerminalInput | null>(null);
  useEffect(() => {
    let live = true;
    void latestRecognition().then((latest) => {
      if (live && latest) setInput((now) => now ?? { ...latest, receivedAt: Date.now() });
    });
    const listener = (message: RecognisedMessage, sender: chrome.runtime.MessageSender) => {
      if (message?.type !== 'terminal.recognised') return;
      setInput({ message, tabId: sender.tab?.id ?? null, receivedAt: Date.now() });
    };
    chrome.runtime.onMessage.addListener(listener);
    return () => {
      live = false;
      chrome.runtime.onMessage.removeListener(listener);
    };
  }, []);
  return input;
}
