import { pressArticles } from './press';

export function PressArticles() {
  return (
    <ul className="press">
      {pressArticles.map((article) => (
        <li key={article.name}>
          <a href={article.link} target="_blank" rel="noopener noreferrer">
            <img src={article.image} alt="" width="160" height="48" loading="lazy" />
            <span>{article.name}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
