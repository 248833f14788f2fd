/** The one CSV cell writer (issue 42): OWASP's CSV-injection rule, and RFC 4180 quoting of CR and LF. */
import { describe, expect, it } from "vitest";
import { chartToCsv, csvField, csvText } from "../src/index.js";

describe("csvField", () => {
  it("neutralises text a spreadsheet would run as a formula, and quotes it", () => {
    expect(csvField('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvField("+1+cmd|' /C calc'!A0")).toBe(`"'+1+cmd|' /C calc'!A0"`);
    expect(csvField("-2+3")).toBe(`"'-2+3"`);
    expect(csvField("@SUM(A1)")).toBe(`"'@SUM(A1)"`);
    expect(csvField("\t=1")).toBe(`"'\t=1"`);
    expect(csvField("\r=1")).toBe(`"'\r=1"`);
  });

  it("leaves numbers and plain text alone, quotes commas, quotes, CR and LF", () => {
    expect(csvField("-1")).toBe("-1");
    expect(csvField("-1.5e-7")).toBe("-1.5e-7");
    expect(csvField("local")).toBe("local");
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("a\rb")).toBe('"a\rb"');
    expect(csvField("a\nb")).toBe('"a\nb"');
    expect(csvField(" padded ")).toBe('" padded "');
  });

  it("is idempotent on its own text", () => {
    for (const text of ["=1", "-x", "@a", "plain", "-3"]) expect(csvText(csvText(text))).toBe(csvText(text));
  });

  it("writes a chart's names and labels through it", () => {
    const csv = chartToCsv({
      name: "c",
      title: "t",
      xLabel: "=x",
      yLabel: "y\r",
      series: [{ name: "@evil", points: [[-1, 2]] }],
    });
    expect(csv).toBe(`series,"'=x","y\r"\n"'@evil",-1,2\n`);
  });
});
