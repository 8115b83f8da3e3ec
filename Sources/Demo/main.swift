// The ReactiveToolkit demo. For now it runs the README's tour; the movie-browser demo
// (feedback loop + store + resource flow) arrives with the docs-and-demo work.
Tour.run(print: { Swift.print($0) })
