import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Markdown, parseBlocks, toSafeHref } from "./markdown";

const html = (text: string) => renderToStaticMarkup(<Markdown text={text} />);

/** Every tag name in the markup, lower case. */
const tags = (markup: string) =>
  [...markup.matchAll(/<([a-z0-9]+)[\s>/]/gi)].map((match) => match[1]!.toLowerCase());

/** Every href in the markup. */
const hrefs = (markup: string) => [...markup.matchAll(/href="([^"]*)"/g)].map((match) => match[1]);

const allowedTags = new Set([
  "div",
  "p",
  "br",
  "strong",
  "em",
  "code",
  "pre",
  "ul",
  "ol",
  "li",
  "blockquote",
  "a",
  "span",
]);

describe("Markdown", () => {
  it("renders paragraphs, line breaks, emphasis, code and lists", () => {
    const markup = html(
      "Hello **Somchai**, *welcome*!\nSecond line with `code`.\n\n- one\n- two\n\n3. three\n4. four",
    );
    expect(markup).toContain("<strong");
    expect(markup).toContain(">Somchai</strong>");
    expect(markup).toContain("<em>welcome</em>");
    expect(markup).toContain("<br/>");
    expect(markup).toContain(">code</code>");
    expect(markup).toMatch(/<ul[^>]*><li>one<\/li><li>two<\/li><\/ul>/);
    expect(markup).toMatch(/<ol start="3"[^>]*><li>three<\/li><li>four<\/li><\/ol>/);
  });

  it("keeps snake_case words and lone asterisks as they are", () => {
    const markup = html("Use my_bot_name and 2 * 3 * 4, or 5*");
    expect(markup).not.toContain("<em>");
    expect(markup).toContain("my_bot_name");
  });

  it("renders code blocks verbatim, even unclosed while streaming", () => {
    const markup = html("```js\nconst a = '**not bold**' <b>\n```\nafter");
    expect(markup).toContain("<pre");
    expect(markup).toContain("const a = &#x27;**not bold**&#x27; &lt;b&gt;");
    expect(markup).not.toContain("<strong");
    expect(parseBlocks("```\nstill coming")).toEqual([{ type: "code", text: "still coming" }]);
  });

  it("makes http, https and mailto links that open safely", () => {
    const markup = html(
      "See [the pricing](https://jai.example/pricing), <mailto:hello@jai.chat> or https://jai.example/docs.",
    );
    expect(hrefs(markup)).toEqual([
      "https://jai.example/pricing",
      "mailto:hello@jai.chat",
      "https://jai.example/docs",
    ]);
    for (const anchor of markup.match(/<a [^>]*>/g) ?? []) {
      expect(anchor).toContain('target="_blank"');
      expect(anchor).toContain('rel="noopener noreferrer nofollow"');
    }
    // The full stop after a bare URL is not part of it.
    expect(markup).toContain("/docs</a>.");
  });

  const payloads = [
    "<script>alert(1)</script>",
    '<img src=x onerror="alert(1)">',
    "<svg onload=alert(1)>",
    '<a href="javascript:alert(1)">click</a>',
    "[click](javascript:alert(1))",
    "[click](JaVaScRiPt:alert(1))",
    "[click]( javascript:alert(1))",
    "[click](java\tscript:alert(1))",
    "[click](javascript&#58;alert(1))",
    "[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
    "[click](vbscript:msgbox(1))",
    "[click](//evil.example/x)",
    "[click](/relative/path)",
    "<javascript:alert(1)>",
    "javascript:alert(1)",
    '[x](https://ok.example "title" onmouseover="alert(1)")',
    "**<iframe src=https://evil.example>**",
    "[**[nested](https://a.example)**](https://b.example)",
    "<style>body{display:none}</style>",
    "```\n</code></pre><script>alert(1)</script>\n```",
  ];

  it.each(payloads)("renders %j without markup from the text", (payload) => {
    const markup = html(payload);
    for (const tag of tags(markup)) expect(allowedTags.has(tag), `<${tag}>`).toBe(true);
    for (const href of hrefs(markup)) expect(href).toMatch(/^(https?:\/\/[^/]|mailto:)/);
    expect(markup).not.toMatch(/<[^>]+\son[a-z]+=/i);
    expect(markup).not.toMatch(/<[^>]+\sstyle=/i);
  });

  it("never nests a link inside a link", () => {
    for (const text of [
      "[**[nested](https://a.example)**](https://b.example)",
      "[see https://a.example here](https://b.example)",
    ]) {
      const markup = html(text);
      expect(markup).not.toMatch(/<a [^>]*>(?:(?!<\/a>).)*<a /);
    }
  });
});

describe("toSafeHref", () => {
  it("keeps absolute http, https and mailto URLs only", () => {
    expect(toSafeHref("https://jai.example/a?b=c#d")).toBe("https://jai.example/a?b=c#d");
    expect(toSafeHref("http://jai.example")).toBe("http://jai.example/");
    expect(toSafeHref("mailto:hello@jai.chat")).toBe("mailto:hello@jai.chat");
    for (const unsafe of [
      "javascript:alert(1)",
      "JAVASCRIPT:alert(1)",
      "\u0000javascript:alert(1)",
      "java\nscript:alert(1)",
      "data:text/html,x",
      "file:///etc/passwd",
      "/relative",
      "",
    ]) {
      expect(toSafeHref(unsafe), unsafe).toBeUndefined();
    }
  });
});
