// Benefits: collapsed shows the first few with "view more"; expanded shows all with "hide".
export function setupBenefits(): void {
  const toggle = document.getElementById('benefits-toggle');
  const list = document.getElementById('benefit-list');
  if (!toggle || !list) return;
  toggle.addEventListener('click', () => {
    const expand = toggle.getAttribute('aria-expanded') !== 'true';
    for (const item of list.querySelectorAll<HTMLElement>('[data-extra]')) item.hidden = !expand;
    toggle.setAttribute('aria-expanded', String(expand));
    toggle.textContent = (expand ? toggle.dataset.less : toggle.dataset.more) ?? '';
  });
}
