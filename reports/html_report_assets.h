#ifndef DSCONFORM_REPORTS_HTML_REPORT_ASSETS_H_
#define DSCONFORM_REPORTS_HTML_REPORT_ASSETS_H_

namespace dsconform {

// The inline CSS and scripts of report.html: the file must work offline, from
// a CI artifact, with nothing fetched (its CSP forbids any load).

extern const char kHtmlReportCss[];

// Runs first: records any script error in <html data-errors="...">, so a
// headless browser's dumped DOM shows it.
extern const char kHtmlReportErrorTrap[];

// Sortable tables (click a header), the records filter (text box, verdict
// selector, and the URL hash: #verdict=differs, #q=text, or #filter=<verdict
// or text>), then <body data-ready="1" data-visible-rows="N">.
extern const char kHtmlReportScript[];

}  // namespace dsconform

#endif  // DSCONFORM_REPORTS_HTML_REPORT_ASSETS_H_
