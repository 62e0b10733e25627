// The extension's service worker: opens the side panel from the toolbar icon. Connecting,
// terminal watching and notifications are added beside it (one module each).
chrome.sidePanel.setPanelBehavior({ openPanelOnActionClick: true }).catch(() => undefined);
