import { describe, expect, it } from "vitest";
import { containsMarkup, decodeBasicEntities, stripMarkupOnce } from "../../../shared/text/markup-text.js";

describe("stripMarkupOnce", () => {
  it.each([
    {
      rule: "tags and their attributes go, their text stays",
      input: '<p class="x">Hello <b>world</b></p>',
      text: "Hello world",
    },
    {
      rule: "a quoted '>' inside an attribute does not end the tag",
      input: '<img alt=">" src=x onerror=alert(1)>after',
      text: "after",
    },
    {
      rule: "a '<' inside a quoted attribute does not end the tag",
      input: "<img alt='<' src=x onerror=alert(1)>after",
      text: "after",
    },
    {
      rule: "script content goes with its tags, in any case",
      input: "a<SCRIPT type=x>alert('</b>')</ScRiPt >b",
      text: "ab",
    },
    {
      rule: "style, textarea, title and template content go",
      input: "1<style>p{}</style>2<textarea>t</textarea>3<title>t</title>4<template>t</template>5",
      text: "12345",
    },
    {
      rule: "a script left open at the end takes the rest with it",
      input: "keep<script>alert(1)",
      text: "keep",
    },
    { rule: "a tag left open at the end is dropped", input: "keep<img src=x onerror=alert(1)", text: "keep" },
    { rule: "comments go, even unterminated", input: "a<!-- hidden -->b<!-- open", text: "ab" },
    {
      rule: "doctypes, processing instructions and bogus end tags go",
      input: "<!DOCTYPE html>a<?xml x?>b</ x>c</>d",
      text: "abcd",
    },
    { rule: "'<' that starts no tag is text", input: "5 < 6, <3, a<", text: "5 < 6, <3, a<" },
    {
      rule: "a self-closing raw-text tag does not swallow what follows",
      input: "<script/>kept",
      text: "kept",
    },
  ])("$rule", ({ input, text }) => {
    expect(stripMarkupOnce(input)).toBe(text);
  });

  it("decodes entity-encoded markup to text in one pass, so the next pass strips it", () => {
    const once = stripMarkupOnce("&lt;script&gt;alert(1)&lt;/script&gt; hi");
    expect(once).toBe("<script>alert(1)</script> hi");
    expect(stripMarkupOnce(once)).toBe(" hi");
  });
});

describe("decodeBasicEntities", () => {
  it.each([
    ["&lt;&gt;&amp;&quot;&apos;", "<>&\"'"],
    ["&#60;&#x3C;&#X3c;", "<<<"],
    ["&nbsp;", "\u00a0"],
    ["&#0;&#xD800;&#x110000;", "\ufffd\ufffd\ufffd"],
    ["&copy; &unknown; & alone", "&copy; &unknown; & alone"],
  ])("%j decodes to %j", (input, text) => {
    expect(decodeBasicEntities(input)).toBe(text);
  });
});

describe("containsMarkup", () => {
  it.each([
    '<img alt="<" src=x onerror=alert(1)>',
    "<b>bold</b>",
    "text </div>",
    "<script src=x",
    "<!-- c -->",
    "<!DOCTYPE html>",
    "<?php ?>",
    "a<b",
  ])("%j is markup", (value) => {
    expect(containsMarkup(value)).toBe(true);
  });

  it.each(["5 < 6", "<3", "5<10", "x <= y", "<-- arrow", "a </ b", "trailing <", "no angle brackets"])(
    "%j is text",
    (value) => {
      expect(containsMarkup(value)).toBe(false);
    },
  );
});
